// Tests and benchmarks reach the maintenance helpers through here.
export * from '../db/admin';
