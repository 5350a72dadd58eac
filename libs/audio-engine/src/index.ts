// The framework-free Web Audio engine (DESIGN.md section 7). Its public API is this file alone.
export { MIN_DB, dbToGain, gainToDb } from './decibels';
