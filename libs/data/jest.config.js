module.exports = {
  displayName: 'data',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
