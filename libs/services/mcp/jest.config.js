module.exports = {
  displayName: 'service-mcp',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
