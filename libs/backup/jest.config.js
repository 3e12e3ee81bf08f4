module.exports = {
  displayName: 'backup',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
