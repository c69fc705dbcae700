// Turns ical.js's test/recur_iterator_test.js (its testRRULE cases) into the block format
// of libical's icalrecur_test.txt. Usage: node convert_icaljs.js recur_iterator_test.js > out.txt
// The test file is run with stand-ins for mocha's suite/test and for testRRULE, so each
// case's rule string and options are read as ical.js's own harness sees them.
'use strict';
const fs = require('fs');
const vm = require('vm');
const path = process.argv[2];
const source = fs.readFileSync(path, 'utf8');
const lines = source.split('\n');
const marker = 'function testRRULE(ruleString, options) {';
if (!source.includes(marker)) throw new Error('testRRULE not found');
const patched = source.replace(marker, marker + ' __collect(ruleString, options); return;');
const cases = [];
const stack = [];
const sandbox = {
  suite: (name, fn) => { stack.push(name); fn(); stack.pop(); },
  test: () => {}, setup: () => {}, teardown: () => {}, suiteSetup: () => {},
  __collect: (rule, options) => {
    const frame = new Error().stack.split('\n').find(l => l.includes('recur_iterator_test.js') && !l.includes('testRRULE'));
    const line = Number(/:(\d+):\d+\)?$/.exec(frame)[1]);
    cases.push({ rule, options, line, suite: stack.slice(1).join(' > ') });
  },
};
sandbox.test.only = sandbox.test;
vm.runInNewContext(patched, sandbox, { filename: 'recur_iterator_test.js' });

function ical(s) { // '2012-01-05T09:00:00' -> 20120105T090000, '2015-01-01' -> 20150101
  return s.replace(/[-:]/g, '');
}
function comment(line) { // the // comment lines just above the case, if any
  const out = [];
  for (let i = line - 2; i >= 0; i--) {
    const t = lines[i].trim();
    if (t.startsWith('//')) out.unshift(t.replace(/^\/\/\s*/, ''));
    else break;
  }
  return out.join(' ').replace(/'/g, '').replace(/[\s,]+$/, '');
}
const blocks = [];
for (const c of cases) {
  const o = c.options;
  const dates = o.dates || [];
  const start = o.dtStart || dates[0];
  const finite = /COUNT=|UNTIL=/i.test(c.rule);
  const b = [];
  const note = comment(c.line);
  b.push('# ' + (note ? note + ' — ' : '') + c.rule + (o.noInstance ? ' (no instance)' : ''));
  b.push('RRULE:' + c.rule);
  b.push('DTSTART:' + ical(start));
  if (!finite && !o.noInstance) b.push('FIRST:' + dates.length);
  b.push('INSTANCES:' + dates.map(ical).join(','));
  b.push('SOURCE:test/recur_iterator_test.js:' + c.suite + ' > ' + c.rule + ' (line ' + c.line + ')');
  blocks.push(b.join('\n'));
}
const header = [
  '# Recurrence expectations of ical.js (https://github.com/kewisch/ical.js),',
  '# test/recur_iterator_test.js, converted by Differential/convert_icaljs.js.',
  '# Format and origin: Fixtures/recurrence/README.md.',
  '#',
  '# This Source Code Form is subject to the terms of the Mozilla Public',
  '# License, v. 2.0. If a copy of the MPL was not distributed with this',
  '# file, You can obtain one at http://mozilla.org/MPL/2.0/.',
  '# (A copy is in Fixtures/recurrence/LICENSES/icaljs-LICENSE.)',
].join('\n');
process.stdout.write(header + '\n\n' + blocks.join('\n\n') + '\n');
process.stderr.write(cases.length + ' cases\n');
