module.exports = {
  displayName: 'test-kit',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
