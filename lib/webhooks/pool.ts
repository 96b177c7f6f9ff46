import { logger } from "../log/logger";
import type { DueEndpoint } from "./due";

/**
 * The endpoints this process delivers at once (lib/webhooks/worker.ts, loop.ts): at most
 * IN_FLIGHT, of which at most TEAM_IN_FLIGHT of one team, so that slow receivers (each attempt may
 * take its 10 s) cost their own endpoint's time, and one team's cannot fill every slot. An
 * endpoint runs once at a time here, whatever its lease says (a run may outlive a short lease).
 */

const IN_FLIGHT = 16;
const TEAM_IN_FLIGHT = 4;

export class DeliveryPool {
  private readonly running = new Set<string>();
  private readonly perTeam = new Map<string, number>();
  private readonly finished = new Set<() => void>();

  /** `run` delivers one endpoint; `done` hears of each run's end (with what `run` answered). */
  constructor(
    private readonly run: (due: DueEndpoint) => Promise<number>,
    private readonly done: (sent: number) => void = () => {},
  ) {}

  get full(): boolean {
    return this.running.size >= IN_FLIGHT;
  }

  /** Starts each of `due`, in order, that the limits admit and that is not running yet; answers those left. */
  offer(due: readonly DueEndpoint[]): DueEndpoint[] {
    const left: DueEndpoint[] = [];
    for (const endpoint of due) {
      if (this.running.has(endpoint.id)) continue;
      const team = this.perTeam.get(endpoint.teamId) ?? 0;
      if (this.full || team >= TEAM_IN_FLIGHT) {
        left.push(endpoint);
        continue;
      }
      this.running.add(endpoint.id);
      this.perTeam.set(endpoint.teamId, team + 1);
      void this.run(endpoint)
        .catch((error: unknown) => {
          logger.error({ webhook: endpoint.id, err: error }, "webhook endpoint run failed");
          return 0;
        })
        .then((sent) => {
          this.running.delete(endpoint.id);
          const others = (this.perTeam.get(endpoint.teamId) ?? 1) - 1;
          if (others === 0) this.perTeam.delete(endpoint.teamId);
          else this.perTeam.set(endpoint.teamId, others);
          this.done(sent);
          if (this.running.size > 0) return;
          for (const resolve of this.finished) resolve();
          this.finished.clear();
        });
    }
    return left;
  }

  /** Resolves once nothing runs. */
  idle(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.finished.add(resolve));
  }
}
