package dev.zkload.bench.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JavaClassVersionsTest {

    @Test
    void aJdkSince9NamesBothVersions() {
        String jdk17 = "Error: LinkageError occurred while loading main class org.apache.zookeeper.Foo\n"
                + "\tjava.lang.UnsupportedClassVersionError: org/apache/zookeeper/Foo has been compiled by a more"
                + " recent version of the Java Runtime (class file version 65.0), this version of the Java Runtime"
                + " only recognizes class file versions up to 61.0\n";
        assertThat(JavaClassVersions.tooOldFor(jdk17))
                .isEqualTo("its classes need Java 21 or later and that JDK runs Java 17 at most;"
                        + " choose a newer JDK for the servers");
    }

    @Test
    void aJdkBefore9NamesWhatItNeeds() {
        String jdk7 = "Exception in thread \"main\" java.lang.UnsupportedClassVersionError:"
                + " dev/zkload/Launcher : Unsupported major.minor version 52.0\n"
                + "\tat java.lang.ClassLoader.defineClass1(Native Method)\n";
        assertThat(JavaClassVersions.tooOldFor(jdk7))
                .startsWith("its classes need Java 8 or later, newer than that JDK");
    }

    @Test
    void anyOtherFailureIsNotReadAsOne() {
        assertThat(JavaClassVersions.tooOldFor("Unrecognized VM option 'NoSuchFlag'"))
                .isNull();
        assertThat(JavaClassVersions.tooOldFor("java.lang.UnsupportedClassVersionError: no versions named"))
                .isNull();
    }
}
