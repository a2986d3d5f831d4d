// wp-scripts' Jest preset, with the ESM-only packages (@wordpress/*, uuid, marked and their .mjs builds) transformed
// for Node 20.
const path = require( 'path' );
const defaults = require( '@wordpress/scripts/config/jest-unit.config.js' );

// The browser's clock is not the site's: the screens must read and write times in the site's zone (Settings >
// General) whatever the computer's, so the tests run in a zone no test site uses.
process.env.TZ = 'America/Los_Angeles';

const babelTransform = path.join( path.dirname( require.resolve( '@wordpress/scripts/package.json' ) ), 'config/babel-transform' );

module.exports = {
	...defaults,
	rootDir: __dirname,
	testMatch: [ '<rootDir>/src/**/*.test.js' ],
	transform: { '\\.m?[jt]sx?$': babelTransform },
	transformIgnorePatterns: [ '/node_modules/(?!(uuid|marked|@wordpress|@ariakit|parsel-js)/)' ],
	// The screen tests type and click through whole flows; on a busy machine that outlasts Jest's 5 s default.
	testTimeout: 30000,
	// Added after the preset's own setup (Jest concatenates the two lists).
	setupFilesAfterEnv: [ '<rootDir>/tests/js/setup.js' ],
};
