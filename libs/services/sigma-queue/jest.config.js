module.exports = {
  displayName: 'service-sigma-queue',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
