const count = new Intl.NumberFormat('en-IN');

/**
 * '1,23,456'. The console's own copy of lib/format's formatCount: importing that module from the console
 * would make the bundler split it out of the chunk the home page loads (one more file, more bytes there).
 */
export const formatCount = (n: number) => count.format(n);
