import { useEffect } from "react";

/** Tells the frame the chart is on screen (it then folds its table away). */
export function useDrawn(onDrawn: () => void) {
  useEffect(() => onDrawn(), [onDrawn]);
}
