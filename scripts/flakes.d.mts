export interface Failure {
  file: string;
  test: string;
  assertion: string;
}
export const FLAKES_LOG: string;
export function failuresIn(list: string): Failure[];
export function recordFlakes(suite: string, files: string[], failures: Failure[]): void;
