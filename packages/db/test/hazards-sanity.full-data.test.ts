// Sanity of the hazard engine on the real data in data/ (loaded once for this file): places known
// from public records to be exposed to a hazard score above places known to be safe from it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { climateDashboardSchema, hazardReportSchema, HAZARD_IDS, type HazardId } from '@propguard/schemas';
import {
  assessHazards,
  assessHazardsForYears,
  buildClimateDashboard,
  buildHazardContext,
  capitalsInLowestHazardZone,
  computeArchiveFireRisk,
  describeAltitude,
  locateSite,
  rankingAuc,
  SEISMIC_PLACES,
  type HazardContext,
} from '@propguard/engines';
import { HazardDataMissingError, loadHazardData, loadKnownEarthquakePlaces, loadKnownFloodPlaces, type KnownEarthquakePlace, type KnownFloodPlace } from '../src/index.ts';

const DATA_DIR = new URL('../../../data', import.meta.url).pathname;
/** Golden scores; regenerate on purpose with UPDATE_HAZARD_FIXTURES=1 after a method change. */
const GOLDEN_PATH = new URL('./__fixtures__/hazard-scores.json', import.meta.url).pathname;

let context: HazardContext;
let knownPlaces: KnownFloodPlace[];
let knownQuakes: KnownEarthquakePlace[];
beforeAll(async () => {
  context = buildHazardContext(await loadHazardData(DATA_DIR));
  knownPlaces = await loadKnownFloodPlaces(DATA_DIR);
  knownQuakes = await loadKnownEarthquakePlaces(DATA_DIR);
});

/**
 * Issue 33: places on land far from every mapped river and lake, each read Low by the flood
 * screening (flood-v5) where flood-v4 read No data: a plateau and a tableland ridge about 1,070 m up
 * (gazetteer altitudes) and four inland deserts.
 */
const DRY_PLACES = {
  newnesPlateau: { lat: -33.32536303, lng: 150.2724338 }, // gazetteer locality Newnes Plateau NSW, 1,068 m
  baldNob: { lat: -29.736171, lng: 151.869397 }, // gazetteer locality Bald Nob NSW, New England tableland, 1,069 m
  nullarbor: { lat: -31.3, lng: 129.0 }, // the Nullarbor Plain, 30 km north of the Eyre Highway
  greatVictoriaDesert: { lat: -28.0, lng: 127.0 },
  simpsonDesert: { lat: -25.95, lng: 137.34 }, // the 1941 Mw 6.5 epicentre
  tanami: { lat: -20.0, lng: 130.5 },
} as const;

const PLACES = {
  // Lismore: 2022 Richmond/Wilsons River flood, record 14.4 m at the Lismore gauge (BoM); point inside the satellite wet area
  lismoreWet: { lat: -28.8141, lng: 153.2746 },
  // South Lismore, flooded in Feb-Mar 2022 (NSW Reconstruction Authority buy-back area)
  southLismore: { lat: -28.819, lng: 153.265 },
  // Echuca: Murray River flood of October-November 2022 (emergency levee, VIC SES)
  echuca: { lat: -36.1306, lng: 144.75 },
  // Mallacoota and Cobargo: burnt in the 2019-20 Black Summer fires (NSW/VIC inquiries)
  mallacoota: { lat: -37.5596, lng: 149.7546 },
  cobargo: { lat: -36.3875, lng: 149.8886 },
  katoomba: { lat: -33.7125, lng: 150.3119 },
  // Collaroy-Narrabeen: June 2016 East Coast Low erosion of beachfront houses; Byron Bay: Belongil Beach erosion
  collaroy: { lat: -33.73, lng: 151.3 },
  byronBay: { lat: -28.6431, lng: 153.614 },
  // Cyclones: Townsville/Cairns (Yasi 2011), Airlie Beach (Debbie 2017), Exmouth (Vance 1999, region D)
  townsville: { lat: -19.259, lng: 146.8169 },
  cairns: { lat: -16.9186, lng: 145.7781 },
  airlieBeach: { lat: -20.268, lng: 148.718 },
  exmouth: { lat: -21.9311, lng: 114.1225 },
  // Newcastle: 1989 earthquake (ML 5.6, 13 deaths) and coal mine subsidence districts; Lake Macquarie (Belmont); Ipswich old coal mines
  newcastle: { lat: -32.9283, lng: 151.7817 },
  belmont: { lat: -33.03, lng: 151.66 },
  ipswich: { lat: -27.6144, lng: 152.7608 },
  // Meckering: 1968 Mw 6.5 earthquake with a 37 km surface rupture
  meckering: { lat: -31.6294, lng: 117.01 },
  // Safe references
  melbourneCbd: { lat: -37.8136, lng: 144.9631 },
  sydneyCbd: { lat: -33.8688, lng: 151.2093 },
  perthCbd: { lat: -31.9523, lng: 115.8613 },
  hobart: { lat: -42.8821, lng: 147.3272 },
  canberraBraddon: { lat: -35.2706, lng: 149.1332 },
  bondiJunction: { lat: -33.8917, lng: 151.2475 },
  bondi: { lat: -33.8915, lng: 151.2767 },
  aliceSprings: { lat: -23.698, lng: 133.8807 },
} as const;

function score(place: keyof typeof PLACES, hazard: HazardId, year = 2025): number {
  return assessHazards(PLACES[place], context, 'high', year).assessments.find((a) => a.hazard === hazard)!.score;
}

describe('hazard sanity on the real data', () => {
  it('flood: Lismore 2022 and Echuca 2022 above Canberra, Hobart and the Melbourne CBD', () => {
    expect(score('lismoreWet', 'flood')).toBeGreaterThanOrEqual(85);
    expect(score('southLismore', 'flood')).toBeGreaterThanOrEqual(70);
    expect(score('echuca', 'flood')).toBeGreaterThanOrEqual(40);
    for (const safe of ['canberraBraddon', 'hobart', 'melbourneCbd'] as const) expect(score('echuca', 'flood')).toBeGreaterThan(score(safe, 'flood'));
  });

  it('flood screening ranks the known flood plains above the hills (data/hazard-known-places, issue 18)', () => {
    const floodOf = (place: KnownFloodPlace) => assessHazards(place, context, 'high', 2025).assessments.find((a) => a.hazard === 'flood')!;
    expect(knownPlaces.filter((p) => p.isFloodAffected).length).toBeGreaterThanOrEqual(10);
    expect(knownPlaces.filter((p) => !p.isFloodAffected).length).toBeGreaterThanOrEqual(10);
    const scored = knownPlaces.map((place) => {
      const flood = floodOf(place);
      return { place, score: flood.hasData ? flood.score : null, isPositive: place.isFloodAffected };
    });
    // Measured 0.91 with flood-v4 (flood-v3: 0.90, flood-v2: 0.83, flood-v1: 0.48); flood-v1 read "No data"
    // at 16 of the 18 flooded places. Left: Kings Park above Ashfield Flats (Perth): no data set we hold
    // gives Kings Park's height or puts the Swan near Ashfield Flats.
    expect(rankingAuc(scored)).toBeGreaterThanOrEqual(0.88);
    // Sydney since flood-v4 (Kurrajong Heights gets its height above the Hawkesbury); Camden's margin
    // is small (4 against Pennant Hills' 2): the Nepean at Camden is in none of our layers.
    for (const city of ['Brisbane', 'Sydney', 'Melbourne', 'Adelaide']) {
      const inCity = scored.filter((item) => item.place.city === city);
      const lowestFlooded = Math.min(...inCity.filter((item) => item.isPositive).map((item) => item.score ?? -1));
      const highestHill = Math.max(...inCity.filter((item) => !item.isPositive).map((item) => item.score ?? -1));
      expect(lowestFlooded, city).toBeGreaterThan(highestHill);
    }
  });

  it('flood-v4: a ridge above a river with no gazetteer altitude within 5 km of it gets its height from the localities within 10 km (Kurrajong Heights read 13)', () => {
    const ridge = knownPlaces.find((place) => place.place === 'Kurrajong Heights')!;
    const flood = assessHazards(ridge, context, 'high', 2025).assessments.find((a) => a.hazard === 'flood')!;
    expect(flood.factors.find((f) => f.id === 'height-above-river')?.label).toMatch(/lowest locality within 10 km of it\)$/);
    expect(flood.score).toBe(0);
  });

  it('flood: the dashboard example, 85 Turner St Abbotsford on the Yarra, no longer reads No data', () => {
    const abbotsford = assessHazards({ lat: -37.8047, lng: 144.999 }, context, 'high', 2025).assessments.find((a) => a.hazard === 'flood')!;
    expect(abbotsford.hasData).toBe(true);
    expect(abbotsford.level).toBe('Medium');
    expect(abbotsford.factors[0]!.label).toMatch(/from the Yarra River$/);
    expect(abbotsford.factors.map((f) => f.id)).toContain('height-above-river');
    expect(abbotsford.dataNote).toMatch(/^Screening, not a flood study/);
  });

  it('fire: Mallacoota, Cobargo and Katoomba above the Sydney and Melbourne CBDs', () => {
    for (const exposed of ['mallacoota', 'cobargo', 'katoomba'] as const) {
      expect(score(exposed, 'fire')).toBeGreaterThanOrEqual(40);
      for (const safe of ['sydneyCbd', 'melbourneCbd', 'bondiJunction'] as const) expect(score(exposed, 'fire')).toBeGreaterThan(score(safe, 'fire') + 20);
    }
  });

  it('coastal: Byron Bay and Collaroy above inland Canberra, Alice Springs and the Sydney CBD harbour shore; rising with sea level', () => {
    expect(score('byronBay', 'coastal')).toBeGreaterThanOrEqual(40);
    expect(score('collaroy', 'coastal')).toBeGreaterThan(10);
    for (const safe of ['canberraBraddon', 'aliceSprings', 'sydneyCbd'] as const) expect(score('collaroy', 'coastal')).toBeGreaterThan(score(safe, 'coastal'));
    expect(score('canberraBraddon', 'coastal')).toBe(0);
    expect(score('byronBay', 'coastal', 2090)).toBeGreaterThan(score('byronBay', 'coastal', 2025));
  });

  it('subsidence: Newcastle, Lake Macquarie and Ipswich above Perth and Hobart', () => {
    for (const exposed of ['newcastle', 'belmont', 'ipswich'] as const) {
      expect(score(exposed, 'subsidence')).toBeGreaterThanOrEqual(40);
      for (const safe of ['perthCbd', 'hobart'] as const) expect(score(exposed, 'subsidence')).toBeGreaterThan(score(safe, 'subsidence'));
    }
  });

  it('cyclone: Townsville, Cairns, Airlie Beach and Exmouth above Melbourne, Hobart and Perth', () => {
    for (const exposed of ['townsville', 'cairns', 'airlieBeach', 'exmouth'] as const) {
      expect(score(exposed, 'cyclone')).toBeGreaterThanOrEqual(55);
      for (const safe of ['melbourneCbd', 'hobart', 'perthCbd'] as const) expect(score(exposed, 'cyclone')).toBeGreaterThan(score(safe, 'cyclone') + 40);
    }
    expect(score('exmouth', 'cyclone')).toBeGreaterThan(score('townsville', 'cyclone'));
    // 38 seasons of JTWC tracks give a return period of damaging winds: Exmouth (Vance 1999) sees them
    // more often than Townsville, and Melbourne never
    const returnPeriod = (place: keyof typeof PLACES) => assessHazards(PLACES[place], context, 'high', 2025).assessments.find((a) => a.hazard === 'cyclone')!.factors.find((f) => f.id === 'cyclone-return-period')!;
    expect(returnPeriod('exmouth').value!).toBeLessThan(returnPeriod('townsville').value!);
    expect(returnPeriod('melbourneCbd').value).toBeNull();
    expect(returnPeriod('melbourneCbd').label).toMatch(/^No cyclone of 55 kt or more passed within 100 km in 38 seasons/);
  });

  it('earthquake (issue 33): the epicentre of every onshore NSHA18 event of Mw 6+ scores above every capital in the lowest hazard zone', () => {
    const quakeOf = (location: { lat: number; lng: number }) => assessHazards(location, context, 'high', 2025).assessments.find((a) => a.hazard === 'earthquake')!;
    // Meeberrie 1941, Simpson Desert 1941, Meckering 1968, Cadoux 1979, Tennant Creek 1988 (three), Petermann Ranges 2016
    expect(knownQuakes.map((quake) => quake.eventTime.slice(0, 4))).toEqual(['1941', '1941', '1968', '1979', '1988', '1988', '1988', '2016']);
    const capitals = capitalsInLowestHazardZone();
    expect(capitals.map((capital) => capital.name)).toEqual(['Brisbane', 'Canberra', 'Hobart', 'Melbourne', 'Sydney']);
    const highestCapital = Math.max(...capitals.map((capital) => quakeOf(capital).score));
    for (const quake of knownQuakes) {
      const assessment = quakeOf(quake);
      expect(assessment.score, quake.place).toBeGreaterThan(highestCapital);
      expect(assessment.factors.find((f) => f.id === 'recorded-shaking')!.label, quake.place).toMatch(/: decides$/);
    }
    // earthquake-v2 ranked these 8 against the 8 capitals at AUC 0.42 (measured, ties a half); earthquake-v3: 1.00
    const allCapitals = SEISMIC_PLACES.filter((place) => place.isCapital);
    const auc = rankingAuc([...knownQuakes.map((q) => ({ score: quakeOf(q).score, isPositive: true })), ...allCapitals.map((c) => ({ score: quakeOf(c).score, isPositive: false }))]);
    expect(auc).toBe(1);
  });

  it('earthquake: Meckering above Perth, Newcastle above Sydney', () => {
    expect(score('meckering', 'earthquake')).toBeGreaterThan(score('perthCbd', 'earthquake'));
    expect(score('newcastle', 'earthquake')).toBeGreaterThan(score('sydneyCbd', 'earthquake'));
    const meckering = assessHazards(PLACES.meckering, context, 'low', 2025).assessments.find((a) => a.hazard === 'earthquake')!;
    // NSHA18 rates the 1968 Meckering mainshock Mw 6.6 (ISC-GEM: 6.5) and holds the 1989 Newcastle
    // earthquake, which the 16-event ISC-GEM list lacked
    expect(meckering.factors.some((f) => f.label.startsWith('Mw 6.6 earthquake in 1968'))).toBe(true);
    expect(meckering.factors.find((f) => f.id === 'quake-rate')!.label).toMatch(/^Mw 5 or more within 100 km about once in \d+ years/);
    const newcastle = assessHazards(PLACES.newcastle, context, 'low', 2025).assessments.find((a) => a.hazard === 'earthquake')!;
    expect(newcastle.factors.some((f) => f.label.startsWith('Mw 5.4 earthquake in 1989'))).toBe(true);
  });

  it('flood-v5 (issue 33): a plateau, a ridge and inland deserts far from every mapped river read Low with that reason, below every known flooded place', () => {
    const lowestFlooded = Math.min(...knownPlaces.filter((p) => p.isFloodAffected).map((p) => assessHazards(p, context, 'high', 2025).assessments.find((a) => a.hazard === 'flood')!.score));
    for (const [name, location] of Object.entries(DRY_PLACES)) {
      const flood = assessHazards(location, context, 'high', 2025).assessments.find((a) => a.hazard === 'flood')!;
      expect(flood, name).toMatchObject({ hasData: true, level: 'Low' });
      expect(flood.score, name).toBeLessThan(lowestFlooded);
      expect(flood.factors.find((f) => f.id === 'no-flood-signal')?.label, name).toMatch(/^No river or lake of the national layers within 30 km, .*: low$/);
    }
    const plateau = assessHazards(DRY_PLACES.newnesPlateau, context, 'high', 2025).assessments.find((a) => a.hazard === 'flood')!;
    expect(plateau.factors[0]!.label).toContain('altitude 1068 m (gazetteer locality Newnes Plateau');
  });

  it('one altitude per place (issue 33): every reason that quotes an altitude quotes placeAltitude\'s figure and source (Bondi, the sanity places, 300 gazetteer localities)', () => {
    const bondi = assessHazards(PLACES.bondi, context, 'high', 2025).assessments;
    const bondiAltitude = describeAltitude(locateSite(PLACES.bondi, context).altitude!);
    expect(bondi.find((a) => a.hazard === 'coastal')!.factors.find((f) => f.id === 'altitude')!.label.toLowerCase()).toBe(bondiAltitude.toLowerCase());
    expect(bondi.find((a) => a.hazard === 'flood')!.factors.find((f) => f.id === 'low-ground')!.label).toContain(bondiAltitude);
    const sample = [...Object.values(PLACES), ...Object.values(DRY_PLACES), ...knownPlaces, ...context.data.localities.filter((_, i) => i % 60 === 0)];
    let quoted = 0;
    for (const place of sample) {
      const site = locateSite(place, context);
      const text = site.altitude ? describeAltitude(site.altitude) : null;
      for (const assessment of assessHazards(place, context, 'high', 2025).assessments) {
        for (const f of assessment.factors) {
          if (!/altitude/i.test(f.label)) continue;
          quoted += 1;
          if (text === null) expect(f.label, `${assessment.hazard} at ${place.lat},${place.lng}`).toMatch(/no gazetteer altitude within 3 km/);
          else expect(f.label.toLowerCase(), `${assessment.hazard} at ${place.lat},${place.lng}`).toContain(text.toLowerCase());
        }
        if (text === null) expect(assessment.dataNote ?? '').not.toMatch(/altitude \d/);
      }
    }
    expect(quoted).toBeGreaterThan(200);
  });

  it('says so where no data set covers a place, without inventing a score', () => {
    // On the shoreline at Port Kembla, outside every suburb and state polygon: the flood inputs are missing there
    const shore = assessHazards({ lat: -34.466406, lng: 150.943899 }, context, 'high', 2025).assessments.find((a) => a.hazard === 'flood')!;
    expect(shore).toMatchObject({ hasData: false, score: 0, scoreRange: { low: 0, high: 100 } });
    expect(shore.dataNote).toMatch(/^No flood data for this place: it is not on land/);
    // In the Tasman Sea, 60 km off Sydney: no suburb, no state
    const offshore = assessHazards({ lat: -34.2, lng: 152.0 }, context, 'high', 2025);
    for (const hazard of ['fire', 'earthquake'] as const) expect(offshore.assessments.find((a) => a.hazard === hazard)!.hasData).toBe(false);
  });

  it('never lowers a projected score for a later year or the higher scenario (gazetteer localities)', () => {
    const localities = context.data.localities;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: localities.length - 1 }), fc.integer({ min: 2025, max: 2100 }), fc.integer({ min: 2025, max: 2100 }), (i, y1, y2) => {
        const { lat, lng } = localities[i]!;
        const [early, late] = y1 <= y2 ? [y1, y2] : [y2, y1];
        const lowEarly = assessHazards({ lat, lng }, context, 'low', early).assessments;
        const lowLate = assessHazards({ lat, lng }, context, 'low', late).assessments;
        const highLate = assessHazards({ lat, lng }, context, 'high', late).assessments;
        HAZARD_IDS.forEach((_, k) => {
          expect(lowLate[k]!.score).toBeGreaterThanOrEqual(lowEarly[k]!.score);
          expect(highLate[k]!.score).toBeGreaterThanOrEqual(lowLate[k]!.score);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('matches the golden scores (six hazards and overall, 2025 and 2090 high) of every sanity place', () => {
    const actual: Record<string, Record<string, number | null>> = {};
    for (const [name, location] of Object.entries(PLACES)) {
      for (const year of [2025, 2090]) {
        const report = assessHazards(location, context, 'high', year);
        const row: Record<string, number | null> = { overall: report.overall.score };
        for (const assessment of report.assessments) row[assessment.hazard] = assessment.hasData ? assessment.score : null;
        actual[`${name} ${year}`] = row;
      }
    }
    if (process.env.UPDATE_HAZARD_FIXTURES === '1' || !existsSync(GOLDEN_PATH)) writeFileSync(GOLDEN_PATH, `${JSON.stringify(actual, null, 1)}\n`);
    expect(actual).toEqual(JSON.parse(readFileSync(GOLDEN_PATH, 'utf8')));
  });

  it('loads every data set, and names the file when one is missing', async () => {
    expect(context.data.fireDetections.length).toBeGreaterThan(30_000);
    expect(context.data.suburbs.length).toBeGreaterThan(15_000);
    expect(context.data.coastalPoints).toHaveLength(4_220);
    await expect(loadHazardData('/nonexistent-propguard-data')).rejects.toBeInstanceOf(HazardDataMissingError);
  });

  it('with allowMissing, lists the missing files and reports no data instead of failing', async () => {
    const empty = await loadHazardData('/nonexistent-propguard-data', { allowMissing: true });
    expect(empty.missingFiles).toContain('firms-modis-australia-aug-sep-2019/fire_archive_M6_96619.csv');
    const report = assessHazards(PLACES.townsville, buildHazardContext(empty), 'high', 2025);
    for (const hazard of ['flood', 'fire', 'coastal', 'cyclone', 'earthquake'] as const) {
      expect(report.assessments.find((a) => a.hazard === hazard)).toMatchObject({ hasData: false, score: 0 });
    }
    // the subsidence reference table is code, not a file: Townsville is in none of its areas, so the
    // district check is a fact and the hazard No data
    const subsidence = report.assessments.find((a) => a.hazard === 'subsidence')!;
    expect(subsidence).toMatchObject({ hasData: false, score: 0 });
    expect(subsidence.factors[0]!.id).toBe('mine-subsidence-district');
  });

  it('returns schema-valid reports, dashboards and archive fire risk', () => {
    const report = assessHazards(PLACES.southLismore, context, 'high', 2050);
    expect(hazardReportSchema.parse(report)).toEqual(report);
    const dashboard = buildClimateDashboard(PLACES.southLismore, context, 'high', 850_000);
    expect(climateDashboardSchema.parse(dashboard)).toEqual(dashboard);
    expect(dashboard.projections).toHaveLength(6);
    expect(dashboard.recommendations[0]!.hazard).toBe('flood');
    expect(dashboard.metricsNotHeld).toContain('humidity');
    const fire = computeArchiveFireRisk(context, PLACES.southLismore, 50);
    expect(fire).toMatchObject({ dataSource: 'archive', period: { from: '2019-08-01', to: '2019-09-30' } });
    expect(fire.nearbyFires).toBeGreaterThan(0);
  });

  it('assesses several years at a located site exactly as one year at a time (the look-ups kept per site)', () => {
    const places = [...Object.values(PLACES), ...Object.values(DRY_PLACES), ...knownQuakes, ...knownPlaces.map((place) => ({ lat: place.lat, lng: place.lng }))];
    for (const place of places) {
      const [today, future] = assessHazardsForYears(place, context, 'high', [2025, 2050]);
      expect(today).toEqual(assessHazards(place, context, 'high', 2025));
      expect(future).toEqual(assessHazards(place, context, 'high', 2050));
    }
  });
});
