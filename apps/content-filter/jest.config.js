module.exports = {
  displayName: 'content-filter',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
