package dev.zkload.runner.engine.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.runner.RunFailure;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ScanBudgetTest {
    /** A job's reads as the scanner sends them: its config listed, then each of its 22 fields read. */
    private static void job(ScanBudget budget, AtomicLong requests, int n) {
        String config = "/orders/$Jobs/job-" + n + "/config";
        budget.accept(config);
        requests.incrementAndGet();
        for (int f = 0; f < 22; f++) {
            budget.accept(config + "/field-" + f);
            requests.incrementAndGet();
        }
    }

    @Test
    void aScanWhosePaceCannotFitTheCapStopsAfterAFewJobsNotAtTheCap() {
        AtomicLong requests = new AtomicLong(100);
        ScanBudget budget = new ScanBudget(200_000, 10_000, requests::get);
        for (int n = 0; n < ScanBudget.SAMPLE_JOBS; n++) {
            job(budget, requests, n);
        }
        assertThatThrownBy(() -> job(budget, requests, ScanBudget.SAMPLE_JOBS))
                .isInstanceOf(RunFailure.class)
                .hasMessage("the scan would take about 230,100 requests (10,000 jobs at 23 each so far), more than"
                        + " --max-requests 200,000: it stopped after 215 and nothing was written; raise"
                        + " --max-requests or scan fewer namespaces (--namespaces)");
    }

    @Test
    void aScanThatFitsGoesOnToItsLastJob() {
        AtomicLong requests = new AtomicLong(100);
        ScanBudget budget = new ScanBudget(200_000, 8_000, requests::get);
        for (int n = 0; n < 8_000; n++) {
            job(budget, requests, n);
        }
        assertThat(requests.get()).isEqualTo(100 + 8_000 * 23);
    }
}
