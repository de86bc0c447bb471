package dev.zkload.runner.cli.options;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadTest {
    @Test
    void aModelFilesDomainsAreNamedByTheFileAndItsMix(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("prod.yaml");
        Files.writeString(file, """
                model: shop
                version: saturn-3
                kinds:
                  - name: payments
                    weight: 80
                    executors: 3
                    jobs: [{count: 30, items: 3, cron: "0 * * * * ?"}]
                  - name: batch
                    weight: 20
                    executors: 8
                    jobs: [{count: 4, items: 24, cron: "0 0 2 * * ?"}]
                """);
        Workload w = Workload.of(ModelFile.read(file), file);
        assertThat(w.yourDomains()).isEqualTo("model file prod.yaml: 80% like payments, 20% like batch");
        assertThat(w.description())
                .containsEntry("name", "shop")
                .containsEntry("domains", "80% payments (3 executors, 30 jobs), 20% batch (8 executors, 4 jobs)");
    }

    @Test
    void aBuiltInModelsDomainsNeedNoWords() {
        assertThat(Workload.of(SaturnModel.saturn3()).yourDomains()).isNull();
    }
}
