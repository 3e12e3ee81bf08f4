module.exports = {
  displayName: 'observables',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
