/**
 * A copy of a string that keeps nothing else alive. V8 keeps a substring as a view of the string it
 * was cut from, and a concatenation as its pieces: a title cut from an article's file, a heading from
 * its Markdown or a word from a whole text would keep all of it in memory for as long as it lives, and
 * a build keeps every post (10,000 articles), a memo's entries or an index's words until it ends.
 */
export const detached = (text: string): string => (' ' + text).slice(1);
