package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ResolutionTest {
    @Test
    void aPercentageIsOfTheLastStableCountAndACountIsAbsolute() {
        assertThat(Resolution.parse("10%").domains(100)).isEqualTo(10);
        assertThat(Resolution.parse("10%").domains(137)).isEqualTo(14);
        assertThat(Resolution.parse("2.5 %").domains(400)).isEqualTo(10);
        assertThat(Resolution.parse("20").domains(100)).isEqualTo(20);
        assertThat(Resolution.parse("20").domains(5)).isEqualTo(20);
    }

    @Test
    void neverNarrowerThanOneDomain() {
        assertThat(Resolution.parse("10%").domains(4)).isEqualTo(1);
        assertThat(Resolution.DEFAULT.domains(0)).isEqualTo(1);
    }

    @Test
    void zeroKeepsThePlainGrid() {
        assertThat(Resolution.parse("0").off()).isTrue();
        assertThat(Resolution.parse("0%").off()).isTrue();
        assertThat(Resolution.DEFAULT.off()).isFalse();
    }

    @Test
    void printsAsGiven() {
        assertThat(Resolution.parse("10%")).hasToString("10%");
        assertThat(Resolution.parse("2.5%")).hasToString("2.5%");
        assertThat(Resolution.parse("20")).hasToString("20");
    }

    @Test
    void anythingElseIsOneSentence() {
        for (String bad : new String[] {"-5", "ten", "2.5", "%", "-1%", ""}) {
            assertThatThrownBy(() -> Resolution.parse(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + bad + "' is not a resolution: give a count of domains (e.g. 20) or a percentage"
                            + " of the last stable count (e.g. 10%), 0 or more");
        }
    }
}
