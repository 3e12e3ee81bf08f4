module.exports = {
  displayName: 'scoring',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
