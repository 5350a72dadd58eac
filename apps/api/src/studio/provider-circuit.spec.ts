import { ProviderCircuit } from './provider-circuit';

describe('ProviderCircuit', () => {
  it('opens after three failures in a row within five minutes, for ten minutes', () => {
    const circuit = new ProviderCircuit();
    circuit.failed(0);
    circuit.failed(60_000);
    expect(circuit.isOpen(60_000)).toBe(false);
    circuit.failed(120_000);
    expect(circuit.isOpen(120_001)).toBe(true);
    expect(circuit.reopensAt(120_001)).toEqual(new Date(720_000));
    expect(circuit.isOpen(720_000)).toBe(false);
    expect(circuit.reopensAt(720_000)).toBeNull();
  });

  it('forgets failures older than the window, and every failure after a success', () => {
    const circuit = new ProviderCircuit();
    circuit.failed(0);
    circuit.failed(1000);
    circuit.failed(301_000);
    expect(circuit.isOpen(301_000)).toBe(false);
    circuit.succeeded();
    circuit.failed(302_000);
    circuit.failed(303_000);
    expect(circuit.isOpen(303_000)).toBe(false);
  });
});
