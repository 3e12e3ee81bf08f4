module.exports = {
  displayName: 'outbound',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
