/** Which motif draws which category's covers. */
import { arVrMetaverse } from './ar-vr-metaverse.js';
import { artificialIntelligence } from './artificial-intelligence.js';
import { autonomousVehicles } from './autonomous-vehicles.js';
import { blockchainCrypto } from './blockchain-crypto.js';
import { brainComputerInterfaces } from './brain-computer-interfaces.js';
import { cloudComputing } from './cloud-computing.js';
import { cybersecurity } from './cybersecurity.js';
import { edtech } from './edtech.js';
import { GENERIC_MOTIF } from './generic.js';
import { iotConnectedDevices } from './iot-connected-devices.js';
import { quantumComputing } from './quantum-computing.js';
import { spaceEconomy } from './space-economy.js';
import type { CategoryMotif } from './types.js';

export { GENERIC_MOTIF };

export const CATEGORY_MOTIFS = {
  'artificial-intelligence': artificialIntelligence,
  'quantum-computing': quantumComputing,
  cybersecurity,
  'space-economy': spaceEconomy,
  'ar-vr-metaverse': arVrMetaverse,
  'blockchain-crypto': blockchainCrypto,
  'autonomous-vehicles': autonomousVehicles,
  'iot-connected-devices': iotConnectedDevices,
  'brain-computer-interfaces-bcis': brainComputerInterfaces,
  'cloud-computing': cloudComputing,
  edtech,
} as const satisfies Record<string, CategoryMotif>;

export type CategorySlug = keyof typeof CATEGORY_MOTIFS;

/** Category slug of a key: the part before the first "--" (the whole key when there is none). */
export function categoryOfKey(key: string): string {
  const cut = key.indexOf('--');
  return cut === -1 ? key : key.slice(0, cut);
}

export function motifForKey(key: string): CategoryMotif {
  const category = categoryOfKey(key);
  return Object.hasOwn(CATEGORY_MOTIFS, category) ? CATEGORY_MOTIFS[category as CategorySlug] : GENERIC_MOTIF;
}
