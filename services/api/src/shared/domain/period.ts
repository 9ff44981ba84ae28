/** From one instant up to (not including) another: the days of a report, as Israel counts them. */
export interface Period {
  from: Date;
  before: Date;
}
