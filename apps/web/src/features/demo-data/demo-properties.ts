/**
 * DEMO DATA. The eight sample properties of SPEC.md section 3 ("Demo property"), one per capital
 * city. Every figure here is invented sample data for the Demo data mode: it is never shown
 * without the "Demo data" label and never feeds a live analysis.
 */

export type DemoRisks = { flood: number; fire: number; coastal: number; cyclone: number; earthquake: number; subsidence: number };

export type DemoCommercialMetrics = { capRate: number; cashOnCash: number; noi: number; dscr: number; occupancyRate: number; avgRent: number };
export type DemoResidentialMetrics = { rentalYield: number; weeklyRent: number; daysOnMarket: number };

export type DemoProperty = {
  id: string;
  address: string;
  city: string;
  coordinates: { lat: number; lng: number };
  type: 'commercial' | 'residential';
  subtype: string;
  valuation: number;
  valuationRange: { min: number; max: number };
  /** Percent, 0 to 100. */
  confidence: number;
  /** 0 to 100. */
  riskScore: number;
  bedrooms: number | null;
  bathrooms: number | null;
  parking: number | null;
  /** Square metres. */
  landSize: number | null;
  /** Square metres. */
  buildingSize: number | null;
  yearBuilt: number | null;
  lastSold: { date: string; price: number };
  risks: DemoRisks;
  marketMetrics: DemoCommercialMetrics | DemoResidentialMetrics;
  compliance: { apra: string; nccp: string; basel3: string; cps234: string };
  nftData: { tokenId: string; minted: boolean; blockNumber: number | null; transactionHash: string | null };
};

/** The date the sample figures are stated at. */
export const DEMO_AS_AT = '2025-06-30';

export const DEMO_PROPERTIES: readonly DemoProperty[] = [
  {
    id: 'prop_001',
    address: '42 Harbour View Road, Mosman NSW 2088',
    city: 'Sydney',
    coordinates: { lat: -33.8293, lng: 151.2437 },
    type: 'residential',
    subtype: 'house',
    valuation: 4_850_000,
    valuationRange: { min: 4_450_000, max: 5_250_000 },
    confidence: 87,
    riskScore: 28,
    bedrooms: 4,
    bathrooms: 3,
    parking: 2,
    landSize: 695,
    buildingSize: 320,
    yearBuilt: 1928,
    lastSold: { date: '2019-03-16', price: 3_600_000 },
    risks: { flood: 12, fire: 22, coastal: 35, cyclone: 2, earthquake: 6, subsidence: 10 },
    marketMetrics: { rentalYield: 2.4, weeklyRent: 2_250, daysOnMarket: 32 },
    compliance: { apra: 'compliant', nccp: 'compliant', basel3: 'compliant', cps234: 'compliant' },
    nftData: { tokenId: 'DEMO-0001', minted: true, blockNumber: 18_204_551, transactionHash: '0xdemo0001a3f9c2e4b7d8a1c6e5f4b3a2918d7c6b5a4f3e2d1c0b9a8f7e6d5c4b' },
  },
  {
    id: 'prop_002',
    address: '123 Collins Street, Melbourne VIC 3000',
    city: 'Melbourne',
    coordinates: { lat: -37.8150, lng: 144.9692 },
    type: 'commercial',
    subtype: 'office',
    valuation: 12_500_000,
    valuationRange: { min: 11_400_000, max: 13_600_000 },
    confidence: 84,
    riskScore: 31,
    bedrooms: null,
    bathrooms: 6,
    parking: 12,
    landSize: 820,
    buildingSize: 3_400,
    yearBuilt: 1991,
    lastSold: { date: '2017-08-22', price: 9_800_000 },
    risks: { flood: 18, fire: 5, coastal: 8, cyclone: 1, earthquake: 9, subsidence: 14 },
    marketMetrics: { capRate: 5.6, cashOnCash: 6.8, noi: 700_000, dscr: 1.45, occupancyRate: 92, avgRent: 520 },
    compliance: { apra: 'compliant', nccp: 'compliant', basel3: 'compliant', cps234: 'review required' },
    nftData: { tokenId: 'DEMO-0002', minted: true, blockNumber: 18_204_602, transactionHash: '0xdemo0002b4e8d1f3a6c9b2e5d8f1a4c7b0e3d6f9a2c5b8e1d4f7a0c3b6e9d2f5' },
  },
  {
    id: 'prop_003',
    address: '18 River Terrace, Kangaroo Point QLD 4169',
    city: 'Brisbane',
    coordinates: { lat: -27.4780, lng: 153.0360 },
    type: 'residential',
    subtype: 'townhouse',
    valuation: 1_320_000,
    valuationRange: { min: 1_190_000, max: 1_450_000 },
    confidence: 79,
    riskScore: 58,
    bedrooms: 3,
    bathrooms: 2,
    parking: 2,
    landSize: 240,
    buildingSize: 185,
    yearBuilt: 2008,
    lastSold: { date: '2020-11-05', price: 960_000 },
    risks: { flood: 68, fire: 8, coastal: 14, cyclone: 22, earthquake: 3, subsidence: 12 },
    marketMetrics: { rentalYield: 4.1, weeklyRent: 1_040, daysOnMarket: 21 },
    compliance: { apra: 'review required', nccp: 'compliant', basel3: 'compliant', cps234: 'compliant' },
    nftData: { tokenId: 'DEMO-0003', minted: false, blockNumber: null, transactionHash: null },
  },
  {
    id: 'prop_004',
    address: '7 Marine Parade, Cottesloe WA 6011',
    city: 'Perth',
    coordinates: { lat: -31.9959, lng: 115.7517 },
    type: 'residential',
    subtype: 'house',
    valuation: 3_150_000,
    valuationRange: { min: 2_850_000, max: 3_450_000 },
    confidence: 82,
    riskScore: 41,
    bedrooms: 4,
    bathrooms: 2,
    parking: 2,
    landSize: 610,
    buildingSize: 280,
    yearBuilt: 1975,
    lastSold: { date: '2016-02-27', price: 2_200_000 },
    risks: { flood: 6, fire: 18, coastal: 62, cyclone: 9, earthquake: 5, subsidence: 7 },
    marketMetrics: { rentalYield: 2.9, weeklyRent: 1_750, daysOnMarket: 18 },
    compliance: { apra: 'compliant', nccp: 'compliant', basel3: 'compliant', cps234: 'compliant' },
    nftData: { tokenId: 'DEMO-0004', minted: true, blockNumber: 18_205_010, transactionHash: '0xdemo0004c5f9e2a4b7d0c3f6e9a2d5b8c1f4e7a0d3b6c9f2e5a8d1b4c7f0e3a6' },
  },
  {
    id: 'prop_005',
    address: '56 King William Street, Adelaide SA 5000',
    city: 'Adelaide',
    coordinates: { lat: -34.9262, lng: 138.5999 },
    type: 'commercial',
    subtype: 'retail',
    valuation: 4_200_000,
    valuationRange: { min: 3_750_000, max: 4_650_000 },
    confidence: 76,
    riskScore: 35,
    bedrooms: null,
    bathrooms: 2,
    parking: 4,
    landSize: 450,
    buildingSize: 900,
    yearBuilt: 1962,
    lastSold: { date: '2018-05-30', price: 3_300_000 },
    risks: { flood: 15, fire: 9, coastal: 4, cyclone: 1, earthquake: 21, subsidence: 11 },
    marketMetrics: { capRate: 6.4, cashOnCash: 7.5, noi: 268_800, dscr: 1.38, occupancyRate: 88, avgRent: 380 },
    compliance: { apra: 'compliant', nccp: 'compliant', basel3: 'review required', cps234: 'compliant' },
    nftData: { tokenId: 'DEMO-0005', minted: false, blockNumber: null, transactionHash: null },
  },
  {
    id: 'prop_006',
    address: '9 Mugga Way, Red Hill ACT 2603',
    city: 'Canberra',
    coordinates: { lat: -35.3357, lng: 149.1190 },
    type: 'residential',
    subtype: 'house',
    valuation: 2_380_000,
    valuationRange: { min: 2_150_000, max: 2_610_000 },
    confidence: 81,
    riskScore: 46,
    bedrooms: 5,
    bathrooms: 3,
    parking: 2,
    landSize: 1_450,
    buildingSize: 340,
    yearBuilt: 1968,
    lastSold: { date: '2015-09-12', price: 1_650_000 },
    risks: { flood: 5, fire: 64, coastal: 0, cyclone: 0, earthquake: 4, subsidence: 9 },
    marketMetrics: { rentalYield: 3.0, weeklyRent: 1_380, daysOnMarket: 40 },
    compliance: { apra: 'compliant', nccp: 'compliant', basel3: 'compliant', cps234: 'compliant' },
    nftData: { tokenId: 'DEMO-0006', minted: true, blockNumber: 18_205_377, transactionHash: '0xdemo0006d6a0f3b5c8e1d4a7f0b3e6c9f2a5d8b1e4c7a0f3d6b9e2c5a8f1d4b7' },
  },
  {
    id: 'prop_007',
    address: '31 Sandy Bay Road, Battery Point TAS 7004',
    city: 'Hobart',
    coordinates: { lat: -42.8894, lng: 147.3290 },
    type: 'residential',
    subtype: 'unit',
    valuation: 865_000,
    valuationRange: { min: 770_000, max: 960_000 },
    confidence: 74,
    riskScore: 33,
    bedrooms: 2,
    bathrooms: 1,
    parking: 1,
    landSize: null,
    buildingSize: 95,
    yearBuilt: 1999,
    lastSold: { date: '2021-04-09', price: 720_000 },
    risks: { flood: 10, fire: 38, coastal: 20, cyclone: 0, earthquake: 3, subsidence: 16 },
    marketMetrics: { rentalYield: 3.9, weeklyRent: 650, daysOnMarket: 27 },
    compliance: { apra: 'compliant', nccp: 'compliant', basel3: 'compliant', cps234: 'compliant' },
    nftData: { tokenId: 'DEMO-0007', minted: false, blockNumber: null, transactionHash: null },
  },
  {
    id: 'prop_008',
    address: '14 Cullen Bay Crescent, Larrakeyah NT 0820',
    city: 'Darwin',
    coordinates: { lat: -12.4522, lng: 130.8238 },
    type: 'residential',
    subtype: 'house',
    valuation: 1_050_000,
    valuationRange: { min: 905_000, max: 1_195_000 },
    confidence: 69,
    riskScore: 66,
    bedrooms: 3,
    bathrooms: 2,
    parking: 2,
    landSize: 720,
    buildingSize: 210,
    yearBuilt: 1986,
    lastSold: { date: '2014-07-18', price: 880_000 },
    risks: { flood: 44, fire: 12, coastal: 51, cyclone: 78, earthquake: 2, subsidence: 6 },
    marketMetrics: { rentalYield: 5.3, weeklyRent: 1_070, daysOnMarket: 55 },
    compliance: { apra: 'review required', nccp: 'compliant', basel3: 'compliant', cps234: 'compliant' },
    nftData: { tokenId: 'DEMO-0008', minted: true, blockNumber: 18_205_912, transactionHash: '0xdemo0008e7b1a4c6d9f2e5b8a1d4c7f0b3e6a9d2c5f8b1e4a7d0c3f6b9e2a5d8' },
  },
];
