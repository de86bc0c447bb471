package dev.zkload.runner.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PluralTest {
    @Test
    void aCountOfOneIsSingular() {
        assertThat(Plural.domains(1)).isEqualTo("1 domain");
        assertThat(Plural.of(0, "znode")).isEqualTo("0 znodes");
        assertThat(Plural.of(2, "server")).isEqualTo("2 servers");
    }

    @Test
    void aSentenceOpensWithOneSpelledOut() {
        assertThat(Plural.opening(1, "server")).isEqualTo("One server");
        assertThat(Plural.opening(2, "server")).isEqualTo("2 servers");
    }
}
