module.exports = {
  displayName: 'sigma',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
