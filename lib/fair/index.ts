/** Provably fair math shared by the API server (outcomes) and the browser (verification). */
export * from './random';
export * from './multiplier';
export * from './cards';
export * from './verify';
export * from './games/dice';
export * from './games/coinflip';
export * from './games/roulette';
export * from './games/keno';
export * from './games/miner';
export * from './games/hilo';
export * from './games/cases';
export * from './crash';
