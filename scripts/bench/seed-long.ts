export const LONG_COHORT_ID = 'coorte-bench-24-mesi';
export const LONG_HISTORY_NOTE = '24 months of ten daily habits';
