module.exports = {
  displayName: 'service-content-filter',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
