// End-to-end: the `propguard` bin against a temporary PGlite home and the fixture data sets.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI_DIR = join(import.meta.dirname, '..');
const BIN = join(CLI_DIR, 'bin', 'propguard.mjs');
const EXAMPLES = join(CLI_DIR, 'examples');
const FIXTURE_DATA_DIR = join(CLI_DIR, '..', '..', 'packages', 'db', 'test', 'fixtures', 'data');

describe('propguard CLI', () => {
  let homeDir: string;
  const runCli = (...args: string[]) => {
    const env = { ...process.env, PROPGUARD_HOME: homeDir, PROPGUARD_DATA_PATH: FIXTURE_DATA_DIR, DATABASE_URL: '' };
    const result = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8', timeout: 60_000 });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  beforeAll(async () => {
    homeDir = await mkdtemp(join(tmpdir(), 'propguard-clitest-'));
  });
  afterAll(async () => {
    await rm(homeDir, { recursive: true, force: true });
  });

  it('ingests the bundled data, then finds nothing to do', () => {
    const first = runCli('ingest');
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/sydney-house-sales: loaded 6 of 9 rows/);
    expect(first.stdout).toMatch(/rejected 3: .*price_sentinel 1/);
    const second = runCli('ingest');
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/sydney-house-sales: unchanged/);
  });

  it('imports the sample CSV with the documented column names', () => {
    const result = runCli('import', 'sales', join(EXAMPLES, 'sample-sales.csv'));
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/as source "import:sample-sales"/);
    expect(result.stdout).toMatch(/Rows read 4, loaded 4, rejected 0\./);
  });

  it('imports through a mapping and reports each bad row', () => {
    const result = runCli('import', 'sales', join(EXAMPLES, 'agency-export.csv'), '--mapping', join(EXAMPLES, 'agency-export.mapping.json'), '--source', 'agency');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Rows read 3, loaded 2, rejected 1\./);
    expect(result.stdout).toContain('row 4: price "abc" is not a number');
  });

  it('refuses a structurally bad file with a message and a non-zero exit', async () => {
    const badFile = join(homeDir, 'bad.csv');
    await writeFile(badFile, 'when,where\n2019-01-01,Abbotsford\n');
    const result = runCli('import', 'sales', badFile);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/missing required column\(s\): suburb, date, price/);
  });

  it('imports a week of the NSW Valuer General twice, storing each sale once (propguard import nsw-vg)', async () => {
    // The fixture week of 11 January, already loaded by `ingest` as a bundled week: its three stored sales are rewritten, not added.
    const week = join(FIXTURE_DATA_DIR, 'nsw-valuer-general-sales-2021q1', '20210111.zip');
    for (let run = 0; run < 2; run += 1) {
      const result = runCli('import', 'nsw-vg', week);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^Imported 1 file \(20210111\.zip: 4 \.DAT files\) as source "import:nsw-vg"/);
      expect(result.stdout).toContain('B records 5: stored 3 (0 new, 3 already stored and rewritten from this download)');
      expect(result.stdout).toContain('other natures (not residence or vacant land) 1.');
      expect(result.stdout).toContain('Rejected 1: locality_not_found 1');
      expect(result.stdout).toContain('Placed at the street address (the address book\'s point) 0, at the locality 3.');
    }
    const notZip = join(homeDir, 'week.zip');
    await writeFile(notZip, 'B;001;6156;1;20210104 01:00;\n');
    const refused = runCli('import', 'nsw-vg', notZip);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/week\.zip is not a zip archive/);
  });

  it('imports a flood layer, lists it and removes it (propguard import hazard-layer, hazard-layers)', async () => {
    const layerFile = join(homeDir, 'council-1pc.geojson');
    const square = [[153.27, -28.82], [153.28, -28.82], [153.28, -28.81], [153.27, -28.81], [153.27, -28.82]];
    await writeFile(layerFile, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { AEP: 1 }, geometry: { type: 'Polygon', coordinates: [square] } }] }));
    const imported = runCli('import', 'hazard-layer', '--kind', 'flood', '--file', layerFile, '--field', 'aep', '--name', 'Council 1% AEP', '--licence', 'test only');
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    expect(imported.stdout).toMatch(/^Imported #(\d+) flood "Council 1% AEP" \(1 features, aep from AEP; council-1pc.geojson; imported \d{4}-\d\d-\d\dT[^;]+; licence: test only\)\./);
    const id = /#(\d+)/.exec(imported.stdout)![1]!;
    expect(runCli('hazard-layers', 'list').stdout).toContain(`#${id} flood "Council 1% AEP"`);
    const badField = runCli('import', 'hazard-layer', '--kind', 'flood', '--file', layerFile, '--field', 'speed');
    expect(badField.status).toBe(2);
    expect(badField.stderr).toMatch(/--field must be one of aep, ari, depth/);
    expect(runCli('hazard-layers', 'remove', id).stdout).toMatch(new RegExp(`Removed hazard layer #${id}\\.`));
    expect(runCli('hazard-layers', 'list').stdout).toMatch(/No hazard layer imported\./);
    const missing = runCli('hazard-layers', 'remove', id);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/no hazard layer #/);
  });
});
