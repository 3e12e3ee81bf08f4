// Platform registry: weighted platform terms for OS detection.
export { PLATFORM_TERMS, PLATFORMS, type Platform, type PlatformTerm } from './platform-terms';
export {
  detectPlatform,
  type DetectedOs,
  type DetectionConfidence,
  type PlatformDetection,
  type PlatformEvidence,
} from './detect-platform';
