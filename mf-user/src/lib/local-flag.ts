/** localStorage flags that never throw (storage can be disabled or full). */
export const localFlag = {
  get(name: string): string | null {
    try {
      return localStorage.getItem(name);
    } catch {
      return null;
    }
  },
  set(name: string, value: string): void {
    try {
      localStorage.setItem(name, value);
    } catch (error) {
      console.warn('local flag not stored', name, error);
    }
  },
};
