import config from './playwright.config';

/** The main configuration (its servers too), with the screenshot journeys instead of the tests. */
export default { ...config, testDir: './screens', workers: 1 };
