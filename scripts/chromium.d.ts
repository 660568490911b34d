/** Path of Debian's chromium (`CHROMIUM_PATH` to override). */
export declare const chromiumPath: string;
/** Flags for a headless run on these machines. */
export declare const chromiumArgs: string[];
