import { Progress } from '@chakra-ui/react/progress';
import { userMessages } from '@portal/contracts';

/** Today's use of the time package's daily allowance, red from 90 %. */
export default function UsageBar({ percent }: { percent: number }) {
  return (
    <Progress.Root
      value={percent}
      max={100}
      size="sm"
      colorPalette={percent >= 90 ? 'red' : 'brand'}
      aria-label={userMessages.timePackage.dailyRemaining}
      data-testid="time-package-usage"
    >
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
