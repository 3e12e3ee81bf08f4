module.exports = {
  displayName: 'service-workflow',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
