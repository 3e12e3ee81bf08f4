module.exports = {
  displayName: 'sigma-queue',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
