/**
 * Imported first by eleventy.config.js: the build renders the islands with React's production code
 * (development React checks every element, which made the build about a tenth slower), unless a
 * developer asks for development React with NODE_ENV=development.
 */
process.env.NODE_ENV ??= 'production';
