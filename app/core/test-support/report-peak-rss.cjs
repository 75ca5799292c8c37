// Preloaded into a child process (node -r): when it exits, its peak resident set (the whole
// process: every thread) goes to the file PERFDELTA_PEAK_RSS_FILE names, in bytes.
const file = process.env.PERFDELTA_PEAK_RSS_FILE;
if (file) process.on('exit', () => require('node:fs').writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
