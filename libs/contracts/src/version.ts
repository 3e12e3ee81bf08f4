/** The Huntforge release, as the root package.json states it (version.spec.ts holds the two equal). */
export const HUNTFORGE_VERSION = '0.1.0';
