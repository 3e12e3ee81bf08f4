module.exports = {
  displayName: 'service-ingestion',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
