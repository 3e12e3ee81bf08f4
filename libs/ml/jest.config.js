module.exports = {
  displayName: 'ml',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
