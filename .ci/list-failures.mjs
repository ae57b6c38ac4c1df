// Prints the failed tests of a vitest JSON report, one line each with the first line of its error, so
// that the end of CI's log names them (a long log is often read from its end only).
// Usage: node .ci/list-failures.mjs REPORT LABEL
import { readFileSync } from 'node:fs';

const [reportPath, label] = process.argv.slice(2);
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const firstLine = (text) =>
  String(text ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);
for (const file of report.testResults) {
  const name = file.name.replace(`${process.cwd()}/`, '');
  const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
  for (const test of failedTests) {
    console.log(`${label}: ${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  // A file can fail with no failed test in it (an error while loading it, a hook's failure).
  if (file.status === 'failed' && failedTests.length === 0) console.log(`${label}: ${name}: ${firstLine(file.message)}`);
}
