/** The data saver's ceiling: renditions whose short side is above this are not played (decision 034). */
export const DATA_SAVER_CAP = 360;

const key = (learnerId: string) => `kaushal.dataSaver.${learnerId}`;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether the browser asks for less data: Save-Data, or a connection it rates 3G or slower. */
export function browserPrefersSavingData(nav: Navigator | undefined = globalThis.navigator): boolean {
  const connection = (nav as (Navigator & { connection?: NetworkInformationLike }) | undefined)?.connection;
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

/** The learner's choice on this device, or, never chosen, what the browser reports. */
export function loadDataSaver(learnerId: string | undefined, nav?: Navigator): boolean {
  if (learnerId) {
    try {
      const stored = localStorage.getItem(key(learnerId));
      if (stored === 'on' || stored === 'off') return stored === 'on';
    } catch {
      // Storage blocked: the browser's hint decides.
    }
  }
  return browserPrefersSavingData(nav);
}

export function saveDataSaver(learnerId: string | undefined, on: boolean) {
  if (!learnerId) return;
  try {
    localStorage.setItem(key(learnerId), on ? 'on' : 'off');
  } catch {
    // Storage blocked: the choice lasts for this lesson.
  }
}
