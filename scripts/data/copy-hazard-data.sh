#!/usr/bin/env bash
# Copies the hazard data sets from the project's shared data store into data/ (issue 4):
# every data file gzip -9 compressed, SOURCE.md unchanged plus one line saying so.
# Usage: scripts/data/copy-hazard-data.sh /work/shared/data
# The suburb polygons and the gazetteer are already in data/ (the valuation issue) and are reused.
set -euo pipefail
SRC="${1:?path to the shared data store}"
DEST="$(cd "$(dirname "$0")/../.." && pwd)/data"

copy_set() {
  local folder="$1"; shift
  mkdir -p "$DEST/$folder"
  for file in "$@"; do
    gzip -9 -n -c "$SRC/$folder/$file" > "$DEST/$folder/$file.gz"
  done
  cp "$SRC/$folder/SOURCE.md" "$DEST/$folder/SOURCE.md"
  chmod u+w "$DEST/$folder/SOURCE.md"
  local skipped=""
  for entry in "$SRC/$folder"/*; do
    local name; name="$(basename "$entry")"
    [[ "$name" == SOURCE.md ]] && continue
    [[ " $* " == *" $name "* ]] || skipped="$skipped $name"
  done
  local note="Format in this repository: the data files are stored gzip-compressed (\`gzip -9\`, file name + \`.gz\`; byte-identical after \`gunzip\`)"
  if [[ -n "$skipped" ]]; then note="$note; not copied (not used by PropGuard):$skipped"; fi
  printf '\n%s.\n' "$note" >> "$DEST/$folder/SOURCE.md"
}

copy_set acs-ncra-climate-hazard-projections ffdi_threshold_days_change_by_gwl.csv ncra_region_hazard_metrics_by_gwl.csv
copy_set acs-ncra-coastal-extreme-sea-levels acssh_coastal_points_aep1pc_and_mf_by_slr.csv slr_increments_ipcc_ar6.csv
copy_set au-natural-earth au_coastline_10m.geojson au_lakes_10m.geojson au_rivers_australia_supplement_10m.geojson au_rivers_lake_centerlines_10m.geojson au_states_50m.geojson
copy_set bom-annual-climate-series australia_annual_climate_1900_2019.csv
copy_set bushfire-prone-land-by-suburb bf_prone_by_suburb.csv
# Issue 18: the declustered NSHA18 catalogue (Gutenberg-Richter rates) and the JTWC tracks (cyclone return
# periods) replace the 16-event ISC-GEM list and the six IBTrACS seasons, which are no longer shipped.
copy_set earthquakes-nsha18-catalogue NSHA18CAT_V0.2_hmtk_declustered.csv LICENCE_README.MD
gunzip -f "$DEST/earthquakes-nsha18-catalogue/LICENCE_README.MD.gz" # the licence statement stays readable
copy_set cyclone-tracks-jtwc-1981-2019 South_indian_hurricane.csv South_pacific_hurricane.csv
copy_set firms-modis-australia-aug-sep-2019 fire_archive_M6_96619.csv
copy_set gfed-modis-fire-counts modis_fire_counts_by_state_fire_year.csv
copy_set gshhg-coast-rivers-australia gshhs_full_shorelines_australia_bbox.geojson wdbii_rivers_australia_bbox.geojson
copy_set lismore-flood-map-2022-floodmapper lismore_floodmap_2022-03-27_to_2022-04-15.geojson
