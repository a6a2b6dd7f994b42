/** The config key of four eyes, apart from four-eyes.ts so the config checks need not import the money code. */
export const FOUR_EYES_KEY = 'fourEyes.above';
/** In the app's money; a company sets its own with `config set fourEyes.above`. */
export const FOUR_EYES_DEFAULT = '1000';
