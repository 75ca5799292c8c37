#!/usr/bin/env node
// The package's bin: runs the bundled CLI. `npm install` builds it (the prepare script).
const path = require('node:path');
const fs = require('node:fs');
const cli = path.join(__dirname, '..', '..', 'build', 'app', 'cli.cjs');
if (!fs.existsSync(cli)) {
  process.stderr.write('perfdelta: not built yet; run `npm run build` in ' + path.join(__dirname, '..', '..') + '\n');
  process.exit(1);
}
require(cli);
