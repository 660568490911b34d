/** Path of Debian's chromium (`CHROMIUM_PATH` to override). */
export declare const chromiumPath: string;
/** Path of Debian's chromium-headless-shell (`CHROMIUM_HEADLESS_SHELL_PATH` to override). */
export declare const chromiumHeadlessShellPath: string;
/** Flags for a headless run on these machines. */
export declare const chromiumArgs: string[];
