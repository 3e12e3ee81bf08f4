module.exports = {
  displayName: 'service-testing',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
