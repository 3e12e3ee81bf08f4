// Test helpers with no dependency on any Huntforge lib, so data and bus tests can use them too.
export { sleep, deferred, waitFor, waitForValue, type Deferred } from './waiting';
export { describeWithInfra, describeWhen, infraRequired, infraUrl, itWhen, INFRA_URL_VARIABLES, type InfraKind } from './infra';
export { adoptLocalInfra, LOCAL_INFRA_URLS } from './local-infra';
export { createScratchDatabase, type ScratchDatabase } from './scratch-database';
export { createScratchVhost, type ScratchVhost } from './scratch-vhost';
export { servedRoutes } from './served-routes';
export { CHROMIUM_PATH, chromiumAvailable, launchChromium } from './chromium';
export { sigmaRuleYaml, type SigmaRuleYamlOptions } from './sigma-rule';
export { buildEvtx, type FixtureEvent } from './evtx-writer';
export { extractTar, seedMigratedDataDir } from './untar';
export { findLeaks, plantedSecret, plantSecrets, secretSpellings, type PlantedSecrets } from './planted-secrets';
