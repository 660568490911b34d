/** How long the 'send me a new code' link stays away after a resend (decisions: 60 s). */
export const RESEND_COUNTDOWN_SECONDS = 60;

/** Seconds as 'm:ss' (60 -> '1:00', 5 -> '0:05'). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
