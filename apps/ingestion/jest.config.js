module.exports = {
  displayName: 'ingestion',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
