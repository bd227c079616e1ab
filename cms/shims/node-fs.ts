/** `node:fs` for the admin's browser build (see node-path.ts): a preview never reads or writes a file. */
const unavailable = (name: string) => () => {
  throw new Error(`${name} n’existe pas dans le navigateur (aperçu du CMS)`);
};

export const mkdirSync = unavailable('mkdirSync');
export const writeFileSync = unavailable('writeFileSync');
export const readFileSync = unavailable('readFileSync');
export const existsSync = () => false;
export default { mkdirSync, writeFileSync, readFileSync, existsSync };
